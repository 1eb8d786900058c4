// Stage 2: the shared contract (every route's zod schemas, built at import).
import '../../shared/api/routes';
import { nextTask } from './nextTask';

await nextTask();
