-- Card payments through a payment partner (Stripe, or the built-in simulator): one checkout session a
-- folio state, paid at most once, and every partner event taken in at most once.
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"property_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"folio_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"url" text,
	"return_path" text NOT NULL,
	"payment_method_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_reference" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "checkout_sessions_provider_check" CHECK ("checkout_sessions"."provider" in ('stripe', 'simulator')),
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'paid', 'canceled')),
	CONSTRAINT "checkout_sessions_amount_check" CHECK ("checkout_sessions"."amount" > 0),
	CONSTRAINT "checkout_sessions_paid_check" CHECK (("checkout_sessions"."status" = 'paid') = ("checkout_sessions"."payment_reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_pkey" PRIMARY KEY ("provider", "event_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_booking_id_same_property_fk" FOREIGN KEY ("property_id", "booking_id") REFERENCES "bookings" ("property_id", "id");
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_folio_id_same_property_fk" FOREIGN KEY ("property_id", "folio_id") REFERENCES "folios" ("property_id", "id");
--> statement-breakpoint
-- A canceled checkout leaves the folio state free for a new one.
CREATE UNIQUE INDEX "checkout_sessions_key" ON "checkout_sessions" USING btree ("property_id","idempotency_key") WHERE "checkout_sessions"."status" <> 'canceled';
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_method_id_same_property_fk" FOREIGN KEY ("property_id", "payment_method_id") REFERENCES "payment_methods" ("property_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_provider_session_key" ON "checkout_sessions" USING btree ("provider","provider_session_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_sessions_payment_key" ON "checkout_sessions" USING btree ("provider","payment_reference");
--> statement-breakpoint
CREATE INDEX "checkout_sessions_booking_idx" ON "checkout_sessions" USING btree ("booking_id");
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "checkout_sessions_changes" AFTER INSERT OR UPDATE OR DELETE ON "checkout_sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
