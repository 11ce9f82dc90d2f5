CREATE INDEX "display_restrictions_confirmed_email_idx" ON "display_restrictions" USING btree (lower("email")) WHERE "display_restrictions"."confirmed_at" is not null;--> statement-breakpoint
CREATE INDEX "display_restrictions_token_idx" ON "display_restrictions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "homologations_laureate_epreuve_idx" ON "homologations" USING btree ("laureate_id","epreuve");--> statement-breakpoint
CREATE INDEX "homologations_numero_sort_idx" ON "homologations" USING btree ("numero","epreuve");--> statement-breakpoint
CREATE INDEX "homologations_date_passage_sort_idx" ON "homologations" USING btree ("date_passage","id");--> statement-breakpoint
CREATE INDEX "homologations_date_passage_sort_desc_idx" ON "homologations" USING btree ("date_passage" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "homologations_age_sort_idx" ON "homologations" USING btree ("age_at_ride","id");--> statement-breakpoint
CREATE INDEX "homologations_age_sort_desc_idx" ON "homologations" USING btree ("age_at_ride" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "homologations_ville_sort_idx" ON "homologations" USING btree ("ville","id");--> statement-breakpoint
CREATE INDEX "homologations_ville_sort_desc_idx" ON "homologations" USING btree ("ville" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laureates_prenom_sort_idx" ON "laureates" USING btree ("prenom","nom","id");--> statement-breakpoint
CREATE INDEX "laureates_civilite_sort_idx" ON "laureates" USING btree ("civilite","id");--> statement-breakpoint
CREATE INDEX "laureates_civilite_sort_desc_idx" ON "laureates" USING btree ("civilite" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laureates_birth_year_sort_idx" ON "laureates" USING btree ((extract(year from "date_naissance")),"id");--> statement-breakpoint
CREATE INDEX "laureates_birth_year_sort_desc_idx" ON "laureates" USING btree ((extract(year from "date_naissance")) desc nulls last,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laureates_pays_sort_idx" ON "laureates" USING btree ("pays","id");--> statement-breakpoint
CREATE INDEX "laureates_pays_sort_desc_idx" ON "laureates" USING btree ("pays" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "laureates_nationalite_sort_idx" ON "laureates" USING btree ("nationalite","id");--> statement-breakpoint
CREATE INDEX "laureates_nationalite_sort_desc_idx" ON "laureates" USING btree ("nationalite" DESC NULLS LAST,"id" DESC NULLS LAST);