// Every player test's setup. The screens load their code lazily, as in the browser; the first
// import of a chunk is transformed on the spot, which on a busy 2-core machine (npm test runs
// suites side by side) can take longer than Testing Library's default 1 s for findBy and waitFor.
// A slower wait changes nothing for a test that passes, and a failing one still fails.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });
