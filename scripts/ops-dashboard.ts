// Draws ops/grafana/poker-room.json without Grafana (not installable here, docs/operations.md):
// each panel's PromQL targets run against Prometheus's HTTP API (query_range over the run), and the
// panels are laid out by their gridPos as Grafana would (24 columns, rows of 30 px), drawn as
// plain SVG: time series as lines with a legend from each target's legendFormat, stats as the
// last value. Units follow the panel's unit (short, s, percentunit). A query with no series says
// "No data", as Grafana does. Used by scripts/ops-room.ts.
import type { PromSeries } from '../tests/server/helpers/prometheus';

export interface DashboardPanel {
  id: number;
  type: 'row' | 'timeseries' | 'stat' | string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  fieldConfig?: { defaults?: { unit?: string } };
  targets?: Array<{ expr: string; legendFormat?: string }>;
}

export interface Dashboard {
  title: string;
  panels: DashboardPanel[];
}

/** One drawn series: its legend and its points (unix seconds, value). */
export interface Line {
  legend: string;
  points: Array<[number, number]>;
}

export interface PanelData {
  panel: DashboardPanel;
  lines: Line[];
  /** A query that failed (shown in the panel, as Grafana shows its error). */
  error?: string;
}

const COLUMN = 60;
const ROW = 30;
const GAP = 6;
const COLORS = ['#73bf69', '#f2cc0c', '#5794f2', '#ff780a', '#f2495c', '#b877d9', '#8ab8ff', '#fade2a', '#ffa6b0', '#37872d'];

/** legendFormat with {{label}} filled in from the series' labels (Grafana's rule). */
export function legendOf(format: string | undefined, metric: Record<string, string>): string {
  if (!format) return Object.keys(metric).length ? `{${Object.entries(metric).map(([k, v]) => `${k}="${v}"`)}}` : 'value';
  return format.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => metric[name] ?? '');
}

/** A value in the panel's unit, as Grafana writes it. */
export function formatValue(v: number, unit: string | undefined): string {
  if (!Number.isFinite(v)) return 'NaN';
  if (unit === 'percentunit') return `${(v * 100).toFixed(v * 100 < 10 ? 2 : 1)}%`;
  if (unit === 's') {
    const a = Math.abs(v);
    if (a === 0) return '0 s';
    if (a < 1e-3) return `${(v * 1e6).toFixed(0)} µs`;
    if (a < 1) return `${+(v * 1e3).toFixed(a < 0.01 ? 2 : 1)} ms`;
    return `${+v.toFixed(2)} s`;
  }
  const a = Math.abs(v);
  if (a >= 1e9) return `${+(v / 1e9).toFixed(2)} Bil`;
  if (a >= 1e6) return `${+(v / 1e6).toFixed(2)} Mil`;
  if (a >= 1e3) return `${+(v / 1e3).toFixed(2)} K`;
  return `${+v.toFixed(a !== 0 && a < 1 ? 3 : 2)}`;
}

/** Runs every target of every panel over [start, end]. */
export async function queryPanels(
  dashboard: Dashboard,
  queryRange: (expr: string, start: number, end: number, step: number) => Promise<PromSeries[]>,
  start: number,
  end: number,
  step: number,
): Promise<PanelData[]> {
  const out: PanelData[] = [];
  for (const panel of dashboard.panels) {
    const lines: Line[] = [];
    let error: string | undefined;
    for (const target of panel.targets ?? []) {
      try {
        for (const s of await queryRange(target.expr, start, end, step))
          lines.push({
            legend: legendOf(target.legendFormat, s.metric),
            points: s.values.map(([t, v]) => [t, Number(v)] as [number, number]).filter(([, v]) => Number.isFinite(v)),
          });
      } catch (e) {
        error = String(e);
      }
    }
    out.push({ panel, lines: lines.filter((l) => l.points.length > 0), error });
  }
  return out;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function box(p: DashboardPanel) {
  const { x, y, w, h } = p.gridPos;
  return { left: x * COLUMN + GAP, top: y * ROW + GAP, width: w * COLUMN - GAP, height: h * ROW - GAP };
}

/** A time series panel: axes with min/max labels, one polyline per series, the legend below. */
function timeseries(d: PanelData, width: number, height: number, range: [number, number]): string {
  const unit = d.panel.fieldConfig?.defaults?.unit;
  const perRow = Math.max(1, Math.floor((width - 16) / 170));
  const legendRows = Math.min(3, Math.ceil(d.lines.length / perRow));
  const svgHeight = height - 30 - legendRows * 16;
  const plot = { left: 64, top: 8, width: width - 76, height: svgHeight - 26 };
  const values = d.lines.flatMap((l) => l.points.map(([, v]) => v));
  const lo = Math.min(0, ...values);
  let hi = Math.max(...values, lo);
  if (hi === lo) hi = lo + 1;
  const sx = (t: number) => plot.left + ((t - range[0]) / (range[1] - range[0])) * plot.width;
  const sy = (v: number) => plot.top + plot.height - ((v - lo) / (hi - lo)) * plot.height;
  const grid = [0, 0.5, 1]
    .map((f) => {
      const v = lo + f * (hi - lo);
      return `<line x1="${plot.left}" x2="${plot.left + plot.width}" y1="${sy(v)}" y2="${sy(v)}" class="grid"/><text x="${plot.left - 6}" y="${sy(v) + 4}" class="axis" text-anchor="end">${esc(formatValue(v, unit))}</text>`;
    })
    .join('');
  const clock = (t: number) => new Date(t * 1000).toISOString().slice(11, 16);
  const times = [range[0], (range[0] + range[1]) / 2, range[1]]
    .map((t, i) => `<text x="${sx(t)}" y="${plot.top + plot.height + 14}" class="axis" text-anchor="${['start', 'middle', 'end'][i]}">${clock(t)}</text>`)
    .join('');
  const lines = d.lines
    .map((l, i) => {
      const pts = l.points.map(([t, v]) => `${sx(t).toFixed(1)},${sy(v).toFixed(1)}`).join(' ');
      return `<polyline points="${pts}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.5"/>`;
    })
    .join('');
  // Grafana's legend: a colour, the series' name (legendFormat), its last value.
  const legend = d.lines
    .slice(0, legendRows * perRow)
    .map((l, i) => `<span><i style="background:${COLORS[i % COLORS.length]}"></i>${esc(l.legend)} <b>${esc(formatValue(l.points.at(-1)![1], unit))}</b></span>`)
    .join('');
  return `<svg width="${width}" height="${svgHeight}">${grid}${times}${lines}</svg><div class="legends" style="grid-template-columns:repeat(${perRow},1fr)">${legend}</div>`;
}

/** A stat panel: each target's last value, large. */
function stat(d: PanelData): string {
  const unit = d.panel.fieldConfig?.defaults?.unit;
  return d.lines
    .map((l) => `<div class="stat"><div class="big">${esc(formatValue(l.points.at(-1)![1], unit))}</div><div class="legend">${esc(l.legend)}</div></div>`)
    .join('');
}

function panelHtml(d: PanelData, range: [number, number]): string {
  const b = box(d.panel);
  const style = `left:${b.left}px;top:${b.top}px;width:${b.width}px;height:${b.height}px`;
  if (d.panel.type === 'row') return `<div class="row" style="${style}">${esc(d.panel.title)}</div>`;
  let body: string;
  if (d.error) body = `<div class="nodata error">${esc(d.error.slice(0, 200))}</div>`;
  else if (d.lines.length === 0) body = '<div class="nodata">No data</div>';
  else body = d.panel.type === 'stat' ? `<div class="stats">${stat(d)}</div>` : timeseries(d, b.width, b.height, range);
  return `<div class="panel" style="${style}"><div class="title">${esc(d.panel.title)}</div>${body}</div>`;
}

/** The page: Grafana's dark theme, roughly; the run's time range in the header. */
export function dashboardHtml(dashboard: Dashboard, data: PanelData[], range: [number, number], note: string): string {
  const bottom = Math.max(...dashboard.panels.map((p) => p.gridPos.y + p.gridPos.h)) * ROW + GAP;
  const from = new Date(range[0] * 1000).toISOString().slice(0, 16).replace('T', ' ');
  const to = new Date(range[1] * 1000).toISOString().slice(11, 16);
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;background:#111217;color:#ccccdc;font:12px Inter,Helvetica,Arial,sans-serif}
header{padding:8px 12px;font-size:16px;color:#fff}header small{color:#8e8e9e;font-size:12px;margin-left:12px}
main{position:relative;width:${24 * COLUMN + GAP}px;height:${bottom}px;margin-left:6px}
.panel{position:absolute;background:#181b1f;border:1px solid #2c3235;border-radius:2px;box-sizing:border-box;overflow:hidden}
.title{padding:5px 8px;font-weight:500;color:#d8d9da;height:18px}
.row{position:absolute;font-size:14px;font-weight:500;color:#fff;padding-top:6px}
.grid{stroke:#2c3235;stroke-width:1}.axis{fill:#8e8e9e;font-size:10px}.legend{fill:#ccccdc;color:#ccccdc;font-size:11px}
.legends{display:grid;padding:0 8px 0 64px;font-size:11px;line-height:16px}.legends span{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.legends i{display:inline-block;width:10px;height:3px;margin:0 4px 3px 0}.legends b{font-weight:500;color:#8e8e9e}
.nodata{display:flex;align-items:center;justify-content:center;height:70%;color:#8e8e9e;font-size:14px}.error{color:#f2495c;font-size:11px}
.stats{display:flex;flex-direction:column;justify-content:center;height:75%;gap:6px}.stat{text-align:center}.big{font-size:34px;color:#73bf69;font-weight:500}
</style></head><body><header>${esc(dashboard.title)}<small>${from} – ${to} UTC · ${esc(note)}</small></header><main>
${data.map((d) => panelHtml(d, range)).join('\n')}
</main></body></html>`;
}
