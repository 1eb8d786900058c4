import { useEffect, useState } from 'react';
import { Box, CircularProgress } from '@mui/material';

/** QPay's QR text drawn as an SVG image (the qrcode package is loaded only with it). */
export function QrImage({ text, alt, size = 220 }: { text: string; alt: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('qrcode')
      .then((mod) => {
        // A CommonJS package: its exports may arrive as the default export.
        const q = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
        return q.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      })
      .then((svg) => alive && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
    };
  }, [text]);
  const box = { width: size, height: size, bgcolor: '#fff', p: 1, borderRadius: 1 };
  if (!src)
    return (
      <Box sx={{ ...box, display: 'grid', placeItems: 'center' }}>
        <CircularProgress size={24} />
      </Box>
    );
  return <Box component="img" src={src} alt={alt} data-testid="qpay-qr" sx={box} />;
}
