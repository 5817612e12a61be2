-- Reserved for pos speed; filled by the change that needs it.
SELECT 1;
