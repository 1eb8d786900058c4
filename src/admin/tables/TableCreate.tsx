import { Create } from 'react-admin';
import { TableForm } from './TableForm';

export function TableCreate() {
  return (
    <Create redirect="list">
      <TableForm defaultValues={{ variant: 'NT', maxPlayers: 9, actionTime: 20, ante: 0, straddle: 'off', runItTwice: false, bombPotEvery: 0 }} />
    </Create>
  );
}
