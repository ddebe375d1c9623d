-- Hand-written: topics that existed before `last_activity_at` got the migration's time; give each
-- the newest of its own creation and its approved comments' creation (docs/decisions/070).
UPDATE forum_topics t
SET last_activity_at = GREATEST(
  t.created_at,
  COALESCE(
    (SELECT max(c.created_at) FROM forum_comments c WHERE c.topic_id = t.id AND c.status = 'approved'),
    t.created_at
  )
);
