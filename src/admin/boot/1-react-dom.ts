// Stage 1 of the back office's start (see main.tsx): React and its DOM renderer.
import 'react';
import 'react-dom/client';
import { nextTask } from './nextTask';

await nextTask();
