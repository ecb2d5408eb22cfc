-- Whether a new booking with a customer's e-mail address sends the booking confirmation by itself.
ALTER TABLE "general_settings" ADD COLUMN "send_confirmation_on_create" boolean DEFAULT false NOT NULL;
