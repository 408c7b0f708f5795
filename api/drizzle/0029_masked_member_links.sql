-- Member page links kept whole before issue 45 (point 7): masked as the app now keeps them. A message
-- still queued gets the member's live link put in when it is sent (portal/links.ts withLiveLink).
UPDATE "messages" SET
  "subject" = regexp_replace("subject", '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[^/?#&[:space:]"''<>]+', '/m/[link]', 'g'),
  "body" = regexp_replace("body", '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[^/?#&[:space:]"''<>]+', '/m/[link]', 'g'),
  "wa_template" = regexp_replace("wa_template"::text, '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[^/?#&[:space:]"''<>]+', '/m/[link]', 'g')::jsonb
WHERE "subject" ~ '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[A-Za-z0-9_-]'
   OR "body" ~ '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[A-Za-z0-9_-]'
   OR "wa_template"::text ~ '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[A-Za-z0-9_-]';--> statement-breakpoint
UPDATE "mail_outbox" SET
  "subject" = regexp_replace("subject", '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[^/?#&[:space:]"''<>]+', '/m/[link]', 'g'),
  "body" = regexp_replace("body", '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[^/?#&[:space:]"''<>]+', '/m/[link]', 'g')
WHERE "subject" ~ '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[A-Za-z0-9_-]'
   OR "body" ~ '(/|%2[fF])+(m|M|%[46][dD])(/|%2[fF])+[A-Za-z0-9_-]';
