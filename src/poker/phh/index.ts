// PHH (poker hand history) import, replay and export.
export { parsePhh, amountsField, stripComment, type PhhHand, type PhhParseResult } from './parse';
export { replayPhh, replayHand, replayActions, applyPhhAction, type ReplayResult } from './replay';
export { toPhh, actionsOf, type ExportOptions } from './export';
export { toUnits, fromUnits, decimalPlaces } from './amounts';
export { parseToml, TomlDecimal, TomlError, type TomlTable, type TomlValue } from './toml';
