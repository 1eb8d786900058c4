import { Create } from 'react-admin';
import { TableForm } from './TableForm';

export function TableCreate() {
  return (
    <Create redirect="list">
      <TableForm defaultValues={{ variant: 'texas', maxPlayers: 9, actionTime: 20 }} />
    </Create>
  );
}
