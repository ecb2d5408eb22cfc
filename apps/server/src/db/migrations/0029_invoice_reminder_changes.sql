-- An invoice's reminders are the property's data like its invoices: a change counts up the property's
-- data version, so every instance's answer cache lets go of what it kept.
CREATE CONSTRAINT TRIGGER "invoice_reminders_changes" AFTER INSERT OR UPDATE OR DELETE ON "invoice_reminders"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_property_change('property_id');
