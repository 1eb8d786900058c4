// Stage 1 of the back office's start (see main.tsx): React, its DOM renderer and the router.
import 'react';
import 'react-dom/client';
import 'react-router-dom';
import { nextTask } from './nextTask';

await nextTask();
