-- The organisation's time zone (an IANA name). Null on a row saved before it existed: NOTIFICATIONS_TIME_ZONE,
-- the zone that organisation ran on, stays in force until an admin picks one.
ALTER TABLE "organisation_settings" ADD COLUMN "time_zone" TEXT;
