-- The audit log names objects by the id the console's queues show: a person by their Telegram id (it held our
-- internal user id), a payout as <telegramId>-<currency>-<payout date> (it held <userId>:<currency>:<date>).
UPDATE admin_audit a
SET object_id = u.telegram_id::text
FROM users u
WHERE a.object_type = 'user' AND a.object_id = u.id::text;

UPDATE admin_audit a
SET object_id = u.telegram_id::text || '-' || split_part(a.object_id, ':', 2) || '-' || split_part(a.object_id, ':', 3)
FROM users u
WHERE a.object_type = 'payout' AND a.object_id LIKE '%:%:%' AND split_part(a.object_id, ':', 1) = u.id::text;
