-- Reports of wrong answers (package report): the question, the index
-- that answered it, the citations shown (a JSON array of {id, label}),
-- what the reporter says, and the last decision of a reviewer (expected:
-- a JSON array of the IDs of the texts that answer).
CREATE TABLE arbiter_reports (
    id            bigserial PRIMARY KEY,
    question      text NOT NULL,
    lang          text NOT NULL,
    page          integer NOT NULL DEFAULT 0,
    cr_release    text NOT NULL DEFAULT '',
    build         text NOT NULL DEFAULT '',
    shown         jsonb NOT NULL DEFAULT '[]',
    wrong         text NOT NULL,
    suggestion    text NOT NULL DEFAULT '',
    reporter      text NOT NULL,
    guild_id      text NOT NULL DEFAULT '',
    channel_id    text NOT NULL DEFAULT '',
    source        text NOT NULL DEFAULT '',
    created       timestamptz NOT NULL,
    status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'confirmed', 'rejected')),
    reviewer      text NOT NULL DEFAULT '',
    decided       timestamptz,
    expected      jsonb NOT NULL DEFAULT '[]',
    label         text NOT NULL DEFAULT '',
    kind          text NOT NULL DEFAULT '',
    decision_note text NOT NULL DEFAULT ''
);
CREATE INDEX arbiter_reports_status ON arbiter_reports (status, id);

-- Reviewers' comments on reports, in the order they were written.
CREATE TABLE arbiter_report_comments (
    seq       bigserial PRIMARY KEY,
    report_id bigint NOT NULL REFERENCES arbiter_reports (id) ON DELETE CASCADE,
    author    text NOT NULL,
    at        timestamptz NOT NULL,
    body      text NOT NULL
);
CREATE INDEX arbiter_report_comments_report ON arbiter_report_comments (report_id, seq);
