-- Trigram matching for misspelled searches ('probationery' finds 'probationary'). pg_trgm is a trusted
-- extension, so the database owner may create it; PGlite loads it in every instance (src/index.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
