import { runGroup } from '../support/group';

runGroup(__filename);
