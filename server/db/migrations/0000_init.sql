CREATE TABLE "api_keys" (
	"api_key" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"principal" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"status_code" integer,
	"response_body" text,
	"content_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_principal_key_pk" PRIMARY KEY("principal","key")
);
--> statement-breakpoint
CREATE TABLE "member_devices" (
	"id" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"user" text NOT NULL,
	"purpose" text DEFAULT 'verify' NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid_hash" text PRIMARY KEY NOT NULL,
	"user" text NOT NULL,
	"csrf_token" text NOT NULL,
	"device" text DEFAULT 'browser' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"name" text PRIMARY KEY NOT NULL,
	"email" text,
	"full_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"user_image" text,
	"mobile_no" text,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"id_card_number" text,
	"birth_date" date,
	"line_sub" text,
	"password_hash" text,
	"user_type" text DEFAULT 'Website User' NOT NULL,
	"roles" text[] DEFAULT '{}' NOT NULL,
	"branch" text,
	"language" text DEFAULT 'th' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_mobile_no_unique" UNIQUE("mobile_no"),
	CONSTRAINT "users_line_sub_unique" UNIQUE("line_sub")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"name" text PRIMARY KEY NOT NULL,
	"customer_name" text NOT NULL,
	"user" text NOT NULL,
	"loyalty_program" text,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL,
	CONSTRAINT "customers_user_unique" UNIQUE("user")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"name" text PRIMARY KEY NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"item_group" text NOT NULL,
	"website_image" text,
	"description" text DEFAULT '' NOT NULL,
	"price_list_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"loyalty_points_based_price" integer,
	"item_schedule_start" date,
	"item_schedule_end" date,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"attributes" text[] DEFAULT '{}' NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"in_stock" boolean DEFAULT true NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL,
	CONSTRAINT "items_item_code_unique" UNIQUE("item_code")
);
--> statement-breakpoint
CREATE TABLE "loyalty_point_entries" (
	"name" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"loyalty_program" text NOT NULL,
	"loyalty_program_tier" text,
	"loyalty_points" integer NOT NULL,
	"purchase_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"expiry_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"invoice_type" text,
	"invoice" text,
	"redeem_against" text,
	"source" text NOT NULL,
	"receipt_no" text,
	"staff_user" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"name" text PRIMARY KEY NOT NULL,
	"collection_factor" numeric DEFAULT 25 NOT NULL,
	"conversion_factor" numeric DEFAULT 1 NOT NULL,
	"expiry_duration" integer DEFAULT 365 NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"loyalty_program" text NOT NULL,
	"tier_name" text NOT NULL,
	"min_points" integer NOT NULL,
	"tier_thumbnail" text
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"name" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"address_title" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"address_line1" text NOT NULL,
	"address_line2" text,
	"city" text NOT NULL,
	"state" text,
	"country" text NOT NULL,
	"pincode" text NOT NULL,
	"phone" text,
	"is_primary_address" integer DEFAULT 0 NOT NULL,
	"is_shipping_address" integer DEFAULT 0 NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"name" text PRIMARY KEY NOT NULL,
	"branch" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"opening_hours" text DEFAULT '08:00-17:30' NOT NULL,
	"phone" text,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_notes" (
	"name" text PRIMARY KEY NOT NULL,
	"sales_invoice" text NOT NULL,
	"customer" text NOT NULL,
	"branch" text,
	"status" text DEFAULT 'Draft' NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent" text NOT NULL,
	"item_code" text NOT NULL,
	"item_name" text NOT NULL,
	"image" text,
	"qty" integer NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"loyalty_points" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"name" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"order_type" text NOT NULL,
	"posting_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"shipping_fee" numeric(12, 2) DEFAULT 0 NOT NULL,
	"discount_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"grand_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"loyalty_points" integer DEFAULT 0 NOT NULL,
	"points_earned" integer DEFAULT 0 NOT NULL,
	"payment_method" text NOT NULL,
	"delivery_method" text,
	"branch" text,
	"customer_address" text,
	"shipping_address_name" text,
	"address_display" text,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_user" text NOT NULL,
	"branch" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_categories" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"name" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"blog_category" text,
	"blogger" text,
	"content" text DEFAULT '' NOT NULL,
	"meta_image" text,
	"published_on" date,
	"published" boolean DEFAULT true NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"name" text PRIMARY KEY NOT NULL,
	"doctype" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"name" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_url" text NOT NULL,
	"is_private" integer DEFAULT 0 NOT NULL,
	"content_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"content_hash" text NOT NULL,
	"folder" text DEFAULT 'Home' NOT NULL,
	"attached_to_doctype" text,
	"attached_to_name" text,
	"attached_to_field" text,
	"owner" text DEFAULT 'Administrator' NOT NULL,
	"creation" timestamp(6) DEFAULT now() NOT NULL,
	"modified" timestamp(6) DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_users_name_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_devices" ADD CONSTRAINT "member_devices_user_users_name_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_users_name_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_user_users_name_fk" FOREIGN KEY ("user") REFERENCES "public"."users"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_phone_idx" ON "otp_codes" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user");--> statement-breakpoint
CREATE INDEX "items_group_idx" ON "items" USING btree ("item_group");--> statement-breakpoint
CREATE INDEX "lpe_customer_idx" ON "loyalty_point_entries" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "addresses_customer_idx" ON "addresses" USING btree ("customer");--> statement-breakpoint
CREATE INDEX "dn_invoice_idx" ON "delivery_notes" USING btree ("sales_invoice");--> statement-breakpoint
CREATE INDEX "si_customer_idx" ON "sales_invoices" USING btree ("customer");