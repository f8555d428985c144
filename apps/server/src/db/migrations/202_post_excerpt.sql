-- A description left empty is generated from the post's text (issue 30, decision 202) and
-- regenerated on each save while the operator leaves it empty.
ALTER TABLE posts ADD COLUMN description_generated boolean NOT NULL DEFAULT false;
