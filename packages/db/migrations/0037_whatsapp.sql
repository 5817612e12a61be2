-- Reserved for whatsapp; filled by the change that needs it.
SELECT 1;
