// Stage 4: react-admin's core (react-query, react-hook-form, the stores).
import 'ra-core';
import { nextTask } from './nextTask';

await nextTask();
