CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"commande_index" smallint NOT NULL,
	"epreuve" text NOT NULL,
	"civilite" text NOT NULL,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"email" text NOT NULL,
	"portable" text NOT NULL,
	"date_naissance" date NOT NULL,
	"adresse" text NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"code_postal" text NOT NULL,
	"ville" text NOT NULL,
	"pays" text NOT NULL,
	"nationalite" text NOT NULL,
	"attestation_condition_physique" boolean NOT NULL,
	"attestation_assurance" boolean NOT NULL,
	"autorisation_parentale" boolean DEFAULT false NOT NULL,
	"certificat_medical" boolean DEFAULT false NOT NULL,
	"statut" text DEFAULT 'pending_payment' NOT NULL,
	"scan_token" text NOT NULL,
	"date_passage" date,
	"epreuve_realisee" text,
	"commentaire" text,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"card_received_at" timestamp with time zone,
	CONSTRAINT "candidates_scan_token_unique" UNIQUE("scan_token")
);
--> statement-breakpoint
CREATE TABLE "display_restrictions" (
	"email" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homologation_sequences" (
	"epreuve" text PRIMARY KEY NOT NULL,
	"last_numero" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homologations" (
	"id" serial PRIMARY KEY NOT NULL,
	"laureate_id" integer NOT NULL,
	"candidate_id" integer,
	"epreuve" text NOT NULL,
	"numero" integer NOT NULL,
	"date_passage" date,
	"age_at_ride" smallint,
	"ville" text,
	"homologateur_id" integer,
	"homologated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"commentaire" text,
	"source" text DEFAULT 'admin' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "laureates" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"civilite" text,
	"nom" text NOT NULL,
	"prenom" text NOT NULL,
	"date_naissance" date,
	"pays" text,
	"nationalite" text,
	"ville" text,
	"user_id" integer,
	"search_text" text NOT NULL,
	"identity_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mode_livraison" text NOT NULL,
	"date_livraison" date NOT NULL,
	"point_retrait" text,
	"adresse_livraison" jsonb NOT NULL,
	"adresse_facturation" jsonb NOT NULL,
	"mode_paiement" text NOT NULL,
	"avertissement_condition_physique" boolean NOT NULL,
	"avertissement_mineurs" boolean DEFAULT false NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"locale" text NOT NULL,
	"idempotency_key" text,
	"date_commande" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"redirect_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homologations" ADD CONSTRAINT "homologations_laureate_id_laureates_id_fk" FOREIGN KEY ("laureate_id") REFERENCES "public"."laureates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homologations" ADD CONSTRAINT "homologations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homologations" ADD CONSTRAINT "homologations_homologateur_id_users_id_fk" FOREIGN KEY ("homologateur_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "laureates" ADD CONSTRAINT "laureates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_order_id_idx" ON "candidates" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "candidates_statut_created_idx" ON "candidates" USING btree ("statut","created_at");--> statement-breakpoint
CREATE INDEX "candidates_email_idx" ON "candidates" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_candidate_kind_idx" ON "documents" USING btree ("candidate_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "homologations_epreuve_numero_idx" ON "homologations" USING btree ("epreuve","numero");--> statement-breakpoint
CREATE INDEX "homologations_laureate_idx" ON "homologations" USING btree ("laureate_id");--> statement-breakpoint
CREATE INDEX "homologations_date_passage_idx" ON "homologations" USING btree ("date_passage");--> statement-breakpoint
CREATE INDEX "homologations_age_idx" ON "homologations" USING btree ("age_at_ride");--> statement-breakpoint
CREATE UNIQUE INDEX "homologations_candidate_idx" ON "homologations" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "laureates_email_idx" ON "laureates" USING btree ("email");--> statement-breakpoint
CREATE INDEX "laureates_identity_idx" ON "laureates" USING btree ("identity_key");--> statement-breakpoint
CREATE INDEX "laureates_nom_idx" ON "laureates" USING btree ("nom","prenom");--> statement-breakpoint
CREATE INDEX "laureates_pays_idx" ON "laureates" USING btree ("pays");--> statement-breakpoint
CREATE INDEX "laureates_nationalite_idx" ON "laureates" USING btree ("nationalite");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_date_commande_idx" ON "orders" USING btree ("date_commande");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_event_idx" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "payments_order_id_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("provider","provider_ref");