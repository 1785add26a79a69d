-- The shop's own product covers are now served as WebP. Only rows still pointing at a default SVG
-- cover change; an image staff set themselves is left alone.
UPDATE "products" SET "image" = regexp_replace("image", '\.svg$', '.webp') WHERE "image" ~ '^/images/products/[0-9]+\.svg$';
