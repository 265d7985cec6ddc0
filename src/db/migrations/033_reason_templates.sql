-- Reasons the moderators write again and again, kept once and picked in the console's forms
-- (request changes, deny, remove, answer a report, ban). Edited by the operators in the console.
CREATE TABLE reason_templates (
  id uuid PRIMARY KEY,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
-- Listed by title; a title names one template.
CREATE UNIQUE INDEX reason_templates_title ON reason_templates (title);
