-- CreateTable
CREATE TABLE "care_cards" (
    "user_id" INTEGER NOT NULL,
    "sealed" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "care_cards_pkey" PRIMARY KEY ("user_id")
);

-- AddForeignKey
ALTER TABLE "care_cards" ADD CONSTRAINT "care_cards_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

