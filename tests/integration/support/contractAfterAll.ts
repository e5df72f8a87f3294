/**
 * jest.config.cjs's setupFilesAfterEnv for integration tests: the API document check after each test file, and the
 * closing of the file's emptied databases (databasePool.ts).
 */
import { checkRecordedAnswers } from './contractCheck';
import { closeEmptied } from './databasePool';

afterAll(() => checkRecordedAnswers(), 60_000);
afterAll(() => closeEmptied(), 60_000);
