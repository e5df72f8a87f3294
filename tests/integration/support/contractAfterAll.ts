/** jest.config.cjs's setupFilesAfterEnv for integration tests: the API document check after each test file. */
import { checkRecordedAnswers } from './contractCheck';

afterAll(() => checkRecordedAnswers(), 60_000);
