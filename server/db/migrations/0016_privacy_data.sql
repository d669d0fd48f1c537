-- The consent ledger is append-only, like the audit log: what a member agreed to is never changed or removed. An
-- erasure (set_config 'member_rewards.erasure' local to its transaction) may only replace the member's user name in
-- recorded_by with the pseudonymous account's.
CREATE OR REPLACE FUNCTION privacy_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('member_rewards.erasure', true), '') = 'on'
    AND NEW."id" = OLD."id" AND NEW."customer" = OLD."customer" AND NEW."purpose" = OLD."purpose" AND NEW."granted" = OLD."granted"
    AND NEW."version" IS NOT DISTINCT FROM OLD."version" AND NEW."source" = OLD."source" AND NEW."created_at" = OLD."created_at" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'privacy_consents is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER privacy_consents_no_change BEFORE UPDATE OR DELETE ON "privacy_consents" FOR EACH ROW EXECUTE FUNCTION privacy_consents_append_only();--> statement-breakpoint
CREATE TRIGGER privacy_consents_no_truncate BEFORE TRUNCATE ON "privacy_consents" FOR EACH STATEMENT EXECUTE FUNCTION privacy_consents_append_only();--> statement-breakpoint
-- The audit log stays append-only, with one exception the privacy law needs: erasing a member takes their personal
-- data out of the rows that hold it. Only inside a transaction that declared an erasure (set_config
-- 'member_rewards.erasure' local to it), and only the values (before, after) and the user names it holds (who acted,
-- which account) may change; a row is never removed.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('member_rewards.erasure', true), '') = 'on'
    AND NEW."name" = OLD."name" AND NEW."seq" = OLD."seq" AND NEW."role" = OLD."role"
    AND NEW."branch" IS NOT DISTINCT FROM OLD."branch" AND NEW."action" = OLD."action"
    AND NEW."ref_doctype" = OLD."ref_doctype"
    AND NEW."ip" IS NOT DISTINCT FROM OLD."ip" AND NEW."creation" = OLD."creation" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
-- The first privacy notice: the text members agreed to in the sign-in modal until now.
INSERT INTO "privacy_notices" ("version", "title", "intro", "sections", "published_by", "published_at") VALUES (
  1,
  '{"th": "นโยบายคุ้มครองข้อมูลส่วนบุคคล", "en": "Personal data protection policy"}',
  '{"th": "โปรดอ่านและให้ความยินยอมก่อนเข้าสู่ระบบด้วยบัญชี LINE", "en": "Please read and give your consent before signing in with your LINE account."}',
  '[
    {"title": {"th": "1. ข้อมูลส่วนบุคคลที่เราเก็บรวบรวม", "en": "1. Personal data we collect"},
     "body": {"th": "ชื่อที่แสดง รูปโปรไฟล์ และรหัสผู้ใช้ LINE ของคุณ เบอร์โทรศัพท์มือถือ อีเมล เลขบัตรประชาชน วันเกิด รวมถึงประวัติการสะสมและการแลกคะแนน", "en": "Your LINE display name, profile picture and LINE user ID, mobile phone number, e-mail, ID card number, birth date, and the history of points you collect and redeem."}},
    {"title": {"th": "2. วัตถุประสงค์ในการใช้ข้อมูล", "en": "2. Why we use it"},
     "body": {"th": "เพื่อยืนยันตัวตนของสมาชิก บริหารคะแนนสะสมและการแลกของรางวัล ติดต่อคุณเกี่ยวกับรายการแลกและคำสั่งซื้อ และปรับปรุงบริการให้ดียิ่งขึ้น ข้อเสนอและโปรโมชันจะส่งถึงคุณเฉพาะเมื่อคุณยินยอมแยกต่างหาก", "en": "To confirm who you are, to manage your points and reward redemptions, to contact you about your redemptions and orders, and to improve our service. Offers and promotions reach you only if you agree to them separately."}},
    {"title": {"th": "3. การเปิดเผยและระยะเวลาการเก็บรักษา", "en": "3. Disclosure and retention"},
     "body": {"th": "เราไม่ขายข้อมูลของคุณ และจะเปิดเผยเฉพาะต่อผู้ให้บริการที่จำเป็น (เช่น ผู้ให้บริการส่ง SMS) หรือเมื่อกฎหมายกำหนด ข้อมูลจะถูกเก็บไว้ตลอดระยะเวลาที่คุณเป็นสมาชิกและตามที่กฎหมายกำหนด", "en": "We never sell your data. We share it only with the service providers we need (such as the SMS provider) or when the law requires it. We keep it while you are a member and as long as the law requires."}},
    {"title": {"th": "4. สิทธิของเจ้าของข้อมูล", "en": "4. Your rights"},
     "body": {"th": "คุณมีสิทธิตามพระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 ในการเข้าถึง แก้ไข ลบ คัดค้าน หรือถอนความยินยอม คุณดาวน์โหลดข้อมูลของคุณหรือลบบัญชีได้เองที่หน้าบัญชีของฉัน หรือติดต่อเจ้าหน้าที่ที่สาขาหรือช่องทางติดต่อของเรา", "en": "Under the Personal Data Protection Act B.E. 2562 you may access, correct, delete, object to the use of your data or withdraw your consent. You can download your data or delete your account yourself in My account, or contact staff at a branch or our contact channels."}}
  ]',
  'Administrator',
  now()
) ON CONFLICT DO NOTHING;
