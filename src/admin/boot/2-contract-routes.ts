// Stage 2c: the route table.
import '../../shared/api/routes';
import { nextTask } from './nextTask';

await nextTask();
