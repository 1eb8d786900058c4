// react-admin's exporter asks for 1,000 rows at once; the server's pages hold at most 100: the
// rest client reads page after page (restClient.inPages) so every list's CSV export is whole.
import { describe, expect, it } from 'vitest';
import { inPages, MAX_PER_PAGE } from '../../src/admin/dataProvider/restClient';
import type { ListRequest } from '../../src/admin/dataProvider/adapter';

const rows = Array.from({ length: 250 }, (_, i) => ({ id: i + 1 }));
function server() {
  const asked: { page: number; perPage: number }[] = [];
  const list = async (req: ListRequest) => {
    if (req.perPage > MAX_PER_PAGE) throw new Error('400: perPage too large');
    asked.push({ page: req.page, perPage: req.perPage });
    const start = (req.page - 1) * req.perPage;
    return { items: rows.slice(start, start + req.perPage), total: rows.length };
  };
  return { list, asked };
}

describe('exporting a whole list', () => {
  it('reads a 1,000-row request as pages of 100 until the end', async () => {
    const s = server();
    const out = await inPages(s.list, { page: 1, perPage: 1000, filter: {} });
    expect(out.total).toBe(250);
    expect(out.items.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(s.asked).toEqual([
      { page: 1, perPage: 100 },
      { page: 2, perPage: 100 },
      { page: 3, perPage: 100 },
    ]);
  });

  it('passes ordinary pages through unchanged', async () => {
    const s = server();
    const out = await inPages(s.list, { page: 2, perPage: 25, filter: {} });
    expect(out.items[0].id).toBe(26);
    expect(s.asked).toEqual([{ page: 2, perPage: 25 }]);
  });
});
