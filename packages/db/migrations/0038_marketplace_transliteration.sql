-- Hindi-English transliterated names in the marketplace search (issue 20): a product named in Devanagari
-- ("लखनवी कुर्ता") is found by "kurta", and a search typed in Devanagari ("कुर्ता") finds "Kurta". hindi_latin()
-- romanises Devanagari the way Indian shoppers type it (long vowels as single letters, the inherent "a" of a word's
-- last consonant dropped, nukta letters as z, f, q, r); other text passes through unchanged. The read model keeps
-- the name with its romanisation in search_name (a stored generated column), which the trigram index covers.
CREATE OR REPLACE FUNCTION hindi_latin(input text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  result text := '';
  n int := length(input);
  i int := 1;
  ch text;
  nx text;
  base text;
  pending boolean := false; -- the last letter was a consonant still carrying its inherent "a"
BEGIN
  IF input !~ '[\u0900-\u097F]' THEN
    RETURN input;
  END IF;
  WHILE i <= n LOOP
    ch := substr(input, i, 1);
    nx := substr(input, i + 1, 1);
    base := CASE ch
      WHEN 'क' THEN 'k' WHEN 'ख' THEN 'kh' WHEN 'ग' THEN 'g' WHEN 'घ' THEN 'gh' WHEN 'ङ' THEN 'n'
      WHEN 'च' THEN 'ch' WHEN 'छ' THEN 'chh' WHEN 'ज' THEN 'j' WHEN 'झ' THEN 'jh' WHEN 'ञ' THEN 'n'
      WHEN 'ट' THEN 't' WHEN 'ठ' THEN 'th' WHEN 'ड' THEN 'd' WHEN 'ढ' THEN 'dh' WHEN 'ण' THEN 'n'
      WHEN 'त' THEN 't' WHEN 'थ' THEN 'th' WHEN 'द' THEN 'd' WHEN 'ध' THEN 'dh' WHEN 'न' THEN 'n'
      WHEN 'प' THEN 'p' WHEN 'फ' THEN 'ph' WHEN 'ब' THEN 'b' WHEN 'भ' THEN 'bh' WHEN 'म' THEN 'm'
      WHEN 'य' THEN 'y' WHEN 'र' THEN 'r' WHEN 'ल' THEN 'l' WHEN 'ळ' THEN 'l' WHEN 'व' THEN 'v'
      WHEN 'श' THEN 'sh' WHEN 'ष' THEN 'sh' WHEN 'स' THEN 's' WHEN 'ह' THEN 'h'
      -- Letters with a nukta written as one code point (U+0958 to U+095F).
      WHEN chr(2392) THEN 'q' WHEN chr(2393) THEN 'kh' WHEN chr(2394) THEN 'g' WHEN chr(2395) THEN 'z'
      WHEN chr(2396) THEN 'r' WHEN chr(2397) THEN 'rh' WHEN chr(2398) THEN 'f' WHEN chr(2399) THEN 'y'
      ELSE NULL END;
    IF base IS NOT NULL THEN
      IF nx = '़' THEN -- a nukta after the letter
        base := CASE base WHEN 'k' THEN 'q' WHEN 'j' THEN 'z' WHEN 'ph' THEN 'f' WHEN 'd' THEN 'r' WHEN 'dh' THEN 'rh'
          ELSE base END;
        i := i + 1;
        nx := substr(input, i + 1, 1);
      END IF;
      IF pending THEN
        result := result || 'a';
      END IF;
      -- A word's last य after a vowel sounds "i" (चाय chai, गाय gai).
      IF base = 'y' AND result ~ '[aeiou]$' AND NOT (nx ~ '[\u0900-\u097F]') THEN
        result := result || 'i';
        pending := false;
      ELSE
        result := result || base;
        pending := true;
      END IF;
    ELSIF ch ~ '[\u093E-\u094C\u0962\u0963]' THEN -- a vowel sign: it replaces the inherent "a"
      result := result || CASE ch
        WHEN 'ा' THEN 'a' WHEN 'ि' THEN 'i' WHEN 'ी' THEN 'i' WHEN 'ु' THEN 'u' WHEN 'ू' THEN 'u'
        WHEN 'ृ' THEN 'ri' WHEN 'ॄ' THEN 'ri' WHEN 'े' THEN 'e' WHEN 'ै' THEN 'ai' WHEN 'ॅ' THEN 'e'
        WHEN 'ो' THEN 'o' WHEN 'ौ' THEN 'au' WHEN 'ॉ' THEN 'o' ELSE '' END;
      pending := false;
    ELSIF ch = '्' THEN -- virama: no vowel
      pending := false;
    ELSIF ch IN ('ं', 'ँ', 'ः') THEN
      IF pending THEN
        result := result || 'a';
      END IF;
      result := result || CASE ch WHEN 'ः' THEN 'h' ELSE 'n' END;
      pending := false;
    ELSE
      IF pending AND ch ~ '[\u0900-\u097F]' THEN
        result := result || 'a'; -- an independent vowel after a consonant
      END IF;
      pending := false;
      result := result || CASE ch
        WHEN 'अ' THEN 'a' WHEN 'आ' THEN 'a' WHEN 'इ' THEN 'i' WHEN 'ई' THEN 'i' WHEN 'उ' THEN 'u'
        WHEN 'ऊ' THEN 'u' WHEN 'ऋ' THEN 'ri' WHEN 'ए' THEN 'e' WHEN 'ऐ' THEN 'ai' WHEN 'ओ' THEN 'o'
        WHEN 'औ' THEN 'au' WHEN 'ऑ' THEN 'o' WHEN '।' THEN '.' WHEN '॥' THEN '.' WHEN '़' THEN ''
        WHEN '०' THEN '0' WHEN '१' THEN '1' WHEN '२' THEN '2' WHEN '३' THEN '3' WHEN '४' THEN '4'
        WHEN '५' THEN '5' WHEN '६' THEN '6' WHEN '७' THEN '7' WHEN '८' THEN '8' WHEN '९' THEN '9'
        ELSE ch END;
    END IF;
    i := i + 1;
  END LOOP;
  RETURN result; -- a last consonant's inherent "a" is dropped, as spoken
END;
$$;
--> statement-breakpoint
ALTER TABLE marketplace_products ADD COLUMN search_name text GENERATED ALWAYS AS (
  CASE WHEN name ~ '[\u0900-\u097F]' THEN name || ' ' || hindi_latin(name) ELSE name END
) STORED;
--> statement-breakpoint
CREATE INDEX marketplace_products_search_name_trgm_idx ON marketplace_products USING gin (search_name gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS marketplace_products_name_trgm_idx;
