-- Background jobs across server processes (issue 12, scale out): one row per job name says which process runs it and
-- until when (database time, so the processes' clocks need not agree). A process runs a job only while it holds the
-- lease; a lease whose process died ends by itself at expires_at. server/platform/jobLeases.ts.
CREATE TABLE IF NOT EXISTS job_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
