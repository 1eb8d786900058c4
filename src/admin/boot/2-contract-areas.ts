// Stage 2b: the other areas' schemas (tournaments, integrity, payments, bank...),
import '../../shared/api/tournaments';
import '../../shared/api/integrity';
import '../../shared/api/safer';
import '../../shared/api/payments';
import '../../shared/api/bank';
import '../../shared/api/reconciliation';
import '../../shared/api/pools';
import { nextTask } from './nextTask';

await nextTask();
