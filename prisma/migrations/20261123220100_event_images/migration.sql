-- Cover photos organisers upload (issue 9): the image, and its WebP variants as bytes, so every API instance and the embedded database serve them.
-- CreateTable
CREATE TABLE "event_images" (
    "id" TEXT NOT NULL,
    "uploader_id" INTEGER,
    "event_id" INTEGER,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_images_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_image_variants" (
    "image_id" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "event_image_variants_pkey" PRIMARY KEY ("image_id","size")
);

-- CreateIndex
CREATE INDEX "event_images_event_id_idx" ON "event_images"("event_id");

-- CreateIndex
CREATE INDEX "event_images_created_at_idx" ON "event_images"("created_at");

-- AddForeignKey
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_uploader_id_fkey" FOREIGN KEY ("uploader_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_images" ADD CONSTRAINT "event_images_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "event_image_variants" ADD CONSTRAINT "event_image_variants_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "event_images"("id") ON DELETE CASCADE ON UPDATE CASCADE;

