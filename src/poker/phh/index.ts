// PHH (poker hand history) import, replay and export.
export { parsePhh, amountsField, stripComment, type PhhHand, type PhhParseResult } from './parse';
export { replayPhh, replayHand, replayActions, applyPhhAction, recordedCuts, compareFinishingStacks, type ReplayResult, type StacksComparison } from './replay';
export { toPhh, actionsOf, type ExportOptions, type PotCut } from './export';
export { toUnits, fromUnits, decimalPlaces } from './amounts';
export { parseToml, TomlDecimal, TomlTime, TomlError, type TomlTable, type TomlValue } from './toml';
