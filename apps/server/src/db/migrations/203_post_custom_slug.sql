-- A slug the operator chose (issue 30, decision 202): a draft's address stops following its title.
ALTER TABLE posts ADD COLUMN slug_custom boolean NOT NULL DEFAULT false;
