-- Login throttling by device: failed logins counted per account (the e-mail address typed, known or
-- not) for clients without a device cookie of the account (device ''), and per account and device
-- cookie for the others. A row is taken with one conditional upsert before the password is checked,
-- so the count is a cap every instance shares. The address-based counters in rate_limits go.
CREATE TABLE "login_failures" (
	"account" text NOT NULL,
	"device" text NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_pkey" PRIMARY KEY("account","device"),
	CONSTRAINT "login_failures_failures_check" CHECK ("login_failures"."failures" > 0)
);
--> statement-breakpoint
CREATE INDEX "login_failures_window_idx" ON "login_failures" USING btree ("window_ends_at");
--> statement-breakpoint
DELETE FROM "rate_limits" WHERE "key" LIKE 'login\_%';
--> statement-breakpoint
-- Team invitations: an existing account added to a team joins when its owner accepts. The token is
-- mailed to the account's address; only its SHA-256 is stored.
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role_id" text NOT NULL,
	"invited_name" text NOT NULL,
	"invited_email" text NOT NULL,
	"invited_language" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_key" ON "team_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_member_key" ON "team_invitations" USING btree ("property_id","user_id");
--> statement-breakpoint
CREATE INDEX "team_invitations_user_idx" ON "team_invitations" USING btree ("user_id");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "team_invitations_changes" AFTER INSERT OR UPDATE OR DELETE ON "team_invitations"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
--> statement-breakpoint
ALTER TABLE "mail_messages" DROP CONSTRAINT "mail_messages_kind_check";
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD CONSTRAINT "mail_messages_kind_check" CHECK ("mail_messages"."kind" in ('link', 'confirmation', 'invoice', 'team_invitation'));
