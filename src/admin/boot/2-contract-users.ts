// Stage 2: the shared contract, whose zod schemas are built at import (about 40 ms of CPU here, 170
// ms on a phone), in three parts: the users' and the staff's schemas first,
import '../../shared/api/common';
import '../../shared/api/enums';
import '../../shared/api/user';
import '../../shared/api/admin';
import '../../shared/api/staff';
import '../../shared/api/chat';
import '../../shared/api/live';
import { nextTask } from './nextTask';

await nextTask();
