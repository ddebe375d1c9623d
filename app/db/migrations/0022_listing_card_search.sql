-- Hand-written around drizzle-kit's column change (docs/decisions/260): a listing is found by what
-- its card shows — the state's name and two-letter code, the labels of its category, condition,
-- position, route and equipment — not only by its title and text. The labels are the Serbian
-- Latin ones of app/domain/listings/options.ts (a Cyrillic query folds to the same letters:
-- search_norm transliterates); the codes are app/domain/listings/states.ts. An integration test
-- (app/domain/listings/card-words.int.test.ts) checks that these functions and those constants
-- agree: a changed label needs a new migration that redefines listing_label() and recomputes the
-- column (UPDATE listings SET title = title).
-- Every function names its schema, so that it also works under an empty search_path (pg_restore).

-- A state's USPS code by its full name (as listings and companies store it); '' for anything else.
CREATE OR REPLACE FUNCTION us_state_code(state text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE state
    WHEN 'Alabama' THEN 'AL'
    WHEN 'Alaska' THEN 'AK'
    WHEN 'Arizona' THEN 'AZ'
    WHEN 'Arkansas' THEN 'AR'
    WHEN 'California' THEN 'CA'
    WHEN 'Colorado' THEN 'CO'
    WHEN 'Connecticut' THEN 'CT'
    WHEN 'Delaware' THEN 'DE'
    WHEN 'Florida' THEN 'FL'
    WHEN 'Georgia' THEN 'GA'
    WHEN 'Hawaii' THEN 'HI'
    WHEN 'Idaho' THEN 'ID'
    WHEN 'Illinois' THEN 'IL'
    WHEN 'Indiana' THEN 'IN'
    WHEN 'Iowa' THEN 'IA'
    WHEN 'Kansas' THEN 'KS'
    WHEN 'Kentucky' THEN 'KY'
    WHEN 'Louisiana' THEN 'LA'
    WHEN 'Maine' THEN 'ME'
    WHEN 'Maryland' THEN 'MD'
    WHEN 'Massachusetts' THEN 'MA'
    WHEN 'Michigan' THEN 'MI'
    WHEN 'Minnesota' THEN 'MN'
    WHEN 'Mississippi' THEN 'MS'
    WHEN 'Missouri' THEN 'MO'
    WHEN 'Montana' THEN 'MT'
    WHEN 'Nebraska' THEN 'NE'
    WHEN 'Nevada' THEN 'NV'
    WHEN 'New Hampshire' THEN 'NH'
    WHEN 'New Jersey' THEN 'NJ'
    WHEN 'New Mexico' THEN 'NM'
    WHEN 'New York' THEN 'NY'
    WHEN 'North Carolina' THEN 'NC'
    WHEN 'North Dakota' THEN 'ND'
    WHEN 'Ohio' THEN 'OH'
    WHEN 'Oklahoma' THEN 'OK'
    WHEN 'Oregon' THEN 'OR'
    WHEN 'Pennsylvania' THEN 'PA'
    WHEN 'Rhode Island' THEN 'RI'
    WHEN 'South Carolina' THEN 'SC'
    WHEN 'South Dakota' THEN 'SD'
    WHEN 'Tennessee' THEN 'TN'
    WHEN 'Texas' THEN 'TX'
    WHEN 'Utah' THEN 'UT'
    WHEN 'Vermont' THEN 'VT'
    WHEN 'Virginia' THEN 'VA'
    WHEN 'Washington' THEN 'WA'
    WHEN 'West Virginia' THEN 'WV'
    WHEN 'Wisconsin' THEN 'WI'
    WHEN 'Wyoming' THEN 'WY'
    ELSE '' END $$;
--> statement-breakpoint
-- The label a listing's card shows for one of its codes: listing_label('category', 'truck') = 'Kamion'.
CREATE OR REPLACE FUNCTION listing_label(field text, code text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE field || ':' || coalesce(code, '')
    WHEN 'category:truck' THEN 'Kamion'
    WHEN 'category:trailer' THEN 'Prikolica'
    WHEN 'category:parts' THEN 'Delovi'
    WHEN 'category:other' THEN 'Ostalo'
    WHEN 'condition:new' THEN 'Novo'
    WHEN 'condition:used' THEN 'Polovno'
    WHEN 'condition:damaged' THEN 'Neispravno / za delove'
    WHEN 'position:company-driver' THEN 'Vozač u kompaniji (company driver)'
    WHEN 'position:owner-operator' THEN 'Owner-operator'
    WHEN 'position:lease-purchase' THEN 'Lease purchase'
    WHEN 'position:team' THEN 'Timska vožnja (team)'
    WHEN 'position:dispatcher' THEN 'Dispečer'
    WHEN 'position:mechanic' THEN 'Mehaničar'
    WHEN 'position:other' THEN 'Ostalo'
    WHEN 'route:otr' THEN 'OTR (duge ture)'
    WHEN 'route:regional' THEN 'Regionalne ture'
    WHEN 'route:local' THEN 'Lokalne ture'
    WHEN 'route:dedicated' THEN 'Dedicated'
    WHEN 'equipment:dry-van' THEN 'Dry van'
    WHEN 'equipment:reefer' THEN 'Reefer (hladnjača)'
    WHEN 'equipment:flatbed' THEN 'Flatbed'
    WHEN 'equipment:step-deck' THEN 'Step deck'
    WHEN 'equipment:tanker' THEN 'Tanker (cisterna)'
    WHEN 'equipment:car-hauler' THEN 'Car hauler'
    WHEN 'equipment:box-truck' THEN 'Box truck'
    WHEN 'equipment:power-only' THEN 'Power only'
    ELSE '' END $$;
--> statement-breakpoint
-- The words of a listing's card besides its title and place: labels and the state's code.
CREATE OR REPLACE FUNCTION listing_card_words(sale_category text, condition text, "position" text,
    route_type text, equipment text[], state text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.listing_label('category', sale_category) || ' ' || public.listing_label('condition', condition)
    || ' ' || public.listing_label('position', "position") || ' ' || public.listing_label('route', route_type)
    || ' ' || coalesce((SELECT pg_catalog.string_agg(public.listing_label('equipment', e), ' ')
      FROM pg_catalog.unnest(equipment) AS e), '')
    || ' ' || public.us_state_code(state) $$;
--> statement-breakpoint
ALTER TABLE "listings" drop column "search_text";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_norm(title || ' ' || coalesce(company_name, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || city || ' ' || state || ' ' || listing_card_words(sale_category, condition, position, route_type, equipment, state) || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
-- Dropping the column dropped its trigram index: built again over the new text.
CREATE INDEX "listings_search_text_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);
