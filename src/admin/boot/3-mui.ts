// Stage 3: MUI's styling engine (emotion, the default theme) and its components.
import '@mui/material/styles';
import '@mui/material';
import { nextTask } from './nextTask';

await nextTask();
