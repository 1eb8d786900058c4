// Stage 5: react-admin's MUI components (each styled() prepared at import) and the themes.
import 'ra-ui-materialui';
import '../layout/themes';
import { nextTask } from './nextTask';

await nextTask();
