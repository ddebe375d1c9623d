-- Hand-written: the promotion packages the site starts with (docs/decisions/130). An admin edits
-- names, prices and days on the settings screen; a row that already exists is left as it is.
INSERT INTO promotion_products (id, kind, name, days, amount, currency, position) VALUES
  ('featured-job-7', 'job', 'Istaknut oglas 7 dana – posao', 7, 2900, 'usd', 1),
  ('featured-job-30', 'job', 'Istaknut oglas 30 dana – posao', 30, 7900, 'usd', 2),
  ('featured-sale-7', 'sale', 'Istaknut oglas 7 dana – kupoprodaja', 7, 900, 'usd', 1),
  ('featured-sale-30', 'sale', 'Istaknut oglas 30 dana – kupoprodaja', 30, 2500, 'usd', 2)
ON CONFLICT (id) DO NOTHING;
