// Start / stop house bots on a table (PUT / DELETE /admin/table/simulate). The answer says whether
// simulation is on and how many bots sit; the notification shows it. The table record has no
// simulation flag: on the table page the live view's `simulation` decides which button is enabled
// (`simulation` prop); elsewhere (the list) the last answer does, and both are enabled until then.
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { useState } from 'react';
import { Button, useDataProvider, useNotify, usePermissions, useRecordContext } from 'react-admin';
import { can } from '../auth/permissions';
import { useNotifyError } from '../common/notify';
import type { AdminDataProvider, SimulationState, TableRecord } from '../dataProvider';

export interface SimulationButtonsProps {
  compact?: boolean;
  /** The live view's flag; undefined when unknown. */
  simulation?: boolean;
  /** Told of every answer (the table page shows the bot count until the live view catches up). */
  onChange?: (state: SimulationState) => void;
}

export function SimulationButtons({ compact, simulation, onChange }: SimulationButtonsProps) {
  const record = useRecordContext<TableRecord>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [pending, setPending] = useState<null | 'start' | 'stop'>(null);
  const [answered, setAnswered] = useState<SimulationState | null>(null);
  const { permissions } = usePermissions<string | null>();
  if (!record || !can(permissions, 'table', 'simulate')) return null;
  // The live flag when there is one; else the last answer for this table; else unknown.
  const known = simulation ?? (answered?.tableId === record.tableId ? answered.simulation : undefined);
  const run = async (which: 'start' | 'stop') => {
    setPending(which);
    try {
      const { data } = which === 'start' ? await dataProvider.startSimulation(record.tableId) : await dataProvider.stopSimulation(record.tableId);
      setAnswered(data);
      onChange?.(data);
      notify(`resources.table.notify.simulation_${which}`, {
        type: 'success',
        messageArgs: { name: record.name, bots: data.bots },
      });
    } catch (e) {
      notifyError(e);
    } finally {
      setPending(null);
    }
  };
  return (
    <>
      <Button
        label={compact ? '' : 'resources.table.action.start_simulation'}
        title="resources.table.action.start_simulation"
        aria-label="start simulation"
        disabled={pending !== null || known === true}
        onClick={(e) => {
          e.stopPropagation();
          void run('start');
        }}
      >
        <PlayArrowIcon />
      </Button>
      <Button
        label={compact ? '' : 'resources.table.action.stop_simulation'}
        title="resources.table.action.stop_simulation"
        aria-label="stop simulation"
        disabled={pending !== null || known === false}
        onClick={(e) => {
          e.stopPropagation();
          void run('stop');
        }}
      >
        <StopIcon />
      </Button>
    </>
  );
}
