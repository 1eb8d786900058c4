import { useMemo } from 'react';
import { Box } from '@mui/material';
import { marked } from 'marked';
import DOMPurify from 'dompurify';

/** Renders an admin-written content block (player pages and the back office preview): markdown through marked, sanitised by DOMPurify. */
export default function Markdown({ source }: { source: string }) {
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(source, { async: false, gfm: true, breaks: true }) as string), [source]);
  return (
    <Box
      className="markdown"
      sx={{
        overflowWrap: 'anywhere',
        // Its own block formatting context: the first and last margins stay inside. Collapsed
        // through, they moved the block down once loaded (a layout shift on /profile).
        display: 'flow-root',
        '& h1, & h2, & h3': { mt: 2, mb: 1, lineHeight: 1.25 },
        '& p': { my: 1 },
        '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
        '& td, & th': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
        // header-less tables written with an empty header row
        '& thead:not(:has(th:not(:empty)))': { display: 'none' },
        '& a': { color: 'primary.main' },
        '& img': { maxWidth: '100%' },
        '& code': { fontFamily: 'monospace', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
