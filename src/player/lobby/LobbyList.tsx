// The frames the lobby's lists share (cash tables and tournaments): a bordered table on a wide
// screen, a stack of cards on a phone, the loading skeleton, and a card's seats-taken line.
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';

export interface Column {
  label: string;
  align?: 'right';
}

export function LobbyTable({ testId, columns, children }: { testId: string; columns: Column[]; children: ReactNode }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Table size="small" data-testid={testId}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label} align={c.align}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

export function LobbyCard({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>{children}</CardContent>
    </Card>
  );
}

/** A card's last line: the price on the left, seats or entries taken of the most on the right. */
export function CardFooter(props: { price: ReactNode; secondary?: boolean; taken: number; most: number; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 1, gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color={props.secondary ? 'text.secondary' : undefined}>
        {props.price}
      </Typography>
      <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} data-testid={props.testId}>
        <PeopleIcon fontSize="inherit" /> {props.taken}/{props.most}
      </Typography>
    </Box>
  );
}

export function LoadingRows() {
  return (
    <Stack spacing={1}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}
