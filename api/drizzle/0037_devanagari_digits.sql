-- Devanagari digits for Hindi (issue 48, point 2): when on, Hindi screens, the member page and
-- documents in Hindi write numbers, money and dates with Devanagari digits (hi-IN-u-nu-deva); off,
-- Latin digits as before.
ALTER TABLE "clients" ADD COLUMN "devanagari_digits" boolean DEFAULT false NOT NULL;
