// Stage 1b: the router.
import 'react-router-dom';
import { nextTask } from './nextTask';

await nextTask();
