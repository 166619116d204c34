-- Articles the owner unpublished stay in knowledge_items (an update may publish them again) but
-- are not loaded; products and appointment types are always published.
ALTER TABLE knowledge_items ADD COLUMN published boolean NOT NULL DEFAULT true;
