-- The consent link sealed (AES-256-GCM with SECRETS_KEY) so the child can copy it again and hand it to her
-- parent herself when no email leaves. Only the hash finds a request; older requests have no sealed copy.
ALTER TABLE "guardian_requests" ADD COLUMN "token_sealed" TEXT;
