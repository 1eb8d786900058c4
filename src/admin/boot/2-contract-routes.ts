// Stage 2c: the route table; then /me is asked while the rest is evaluated (earlyMe.ts).
import '../../shared/api/routes';
import { askMeEarly } from '../auth/earlyMe';
import { nextTask } from './nextTask';

askMeEarly();
await nextTask();
