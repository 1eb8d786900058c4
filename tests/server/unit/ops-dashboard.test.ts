// The dashboard renderer of `npm run ops:room` (scripts/ops-dashboard.ts): Grafana's legends and
// units, each panel where its gridPos puts it, and "No data" for a query without series.
import { describe, expect, it } from 'vitest';
import { type Dashboard, dashboardHtml, formatValue, legendOf, queryPanels } from '../../../scripts/ops-dashboard';

describe('the ops:room dashboard renderer', () => {
  it("fills legendFormat's {{label}} from the series, as Grafana does", () => {
    expect(legendOf('{{instance}}', { instance: '10.0.0.1:3001' })).toBe('10.0.0.1:3001');
    expect(legendOf('lost {{reason}}', { reason: 'expired' })).toBe('lost expired');
    expect(legendOf('settled', {})).toBe('settled');
    expect(legendOf(undefined, { route: '/x' })).toBe('{route="/x"}');
  });

  it("writes values in the panel's unit", () => {
    expect(formatValue(0.0143, 's')).toBe('14.3 ms');
    expect(formatValue(0.00042, 's')).toBe('420 µs');
    expect(formatValue(2.5, 's')).toBe('2.5 s');
    expect(formatValue(0.021, 'percentunit')).toBe('2.10%');
    expect(formatValue(230_750, 'short')).toBe('230.75 K');
    expect(formatValue(1.84, 'short')).toBe('1.84');
    expect(formatValue(0, 'short')).toBe('0');
  });

  it('runs every target over the range and lays the panels out by gridPos; no series says No data', async () => {
    const dashboard: Dashboard = {
      title: 'Room',
      panels: [
        { id: 1, type: 'row', title: 'Play', gridPos: { h: 1, w: 24, x: 0, y: 0 } },
        {
          id: 2,
          type: 'timeseries',
          title: 'Actions',
          gridPos: { h: 8, w: 8, x: 8, y: 1 },
          targets: [{ expr: 'sum by (instance) (rate(poker_table_actions_total[1m]))', legendFormat: '{{instance}}' }],
        },
        { id: 3, type: 'stat', title: 'Failures', gridPos: { h: 8, w: 4, x: 0, y: 9 }, targets: [{ expr: 'sum(increase(x[1h]))', legendFormat: 'failures' }] },
        { id: 4, type: 'timeseries', title: '5xx share', gridPos: { h: 8, w: 8, x: 4, y: 9 }, targets: [{ expr: 'none' }] },
      ],
    };
    const asked: string[] = [];
    const data = await queryPanels(
      dashboard,
      async (expr, start, end, step) => {
        asked.push(`${expr} ${start} ${end} ${step}`);
        if (expr.includes('actions'))
          return [
            {
              metric: { instance: 'a:1' },
              values: [
                [100, '2'],
                [105, '3'],
              ] as Array<[number, string]>,
            },
          ];
        if (expr.includes('increase')) return [{ metric: {}, values: [[105, '0']] as Array<[number, string]> }];
        return [];
      },
      100,
      105,
      5,
    );
    expect(asked).toEqual(['sum by (instance) (rate(poker_table_actions_total[1m])) 100 105 5', 'sum(increase(x[1h])) 100 105 5', 'none 100 105 5']);
    const html = dashboardHtml(dashboard, data, [100, 105], 'test');
    // 60 px a column, 30 px a row, 6 px apart.
    expect(html).toContain('left:486px;top:36px;width:474px;height:234px"><div class="title">Actions</div>');
    expect(html).toContain('a:1 <b>3</b>');
    expect(html).toMatch(/<div class="title">Failures<\/div><div class="stats"><div class="stat"><div class="big">0<\/div><div class="legend">failures/);
    expect(html).toMatch(/<div class="title">5xx share<\/div><div class="nodata">No data<\/div>/);
  });
});
